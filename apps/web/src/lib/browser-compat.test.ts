import { describe, expect, it } from 'vitest';
import {
  type BrowserFeatures,
  compatibilityReport,
  hasProblems,
  isSupportedBrowser,
  MINIMUM_VERSIONS,
  parseBrowser,
  versionAtLeast,
} from './browser-compat.ts';

const UA = {
  chrome120:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Safari/537.36',
  chrome88:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/88.0.4324.96 Safari/537.36',
  edge108:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/108.0.0.0 Safari/537.36 Edg/108.0.1462.54',
  firefox85: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:85.0) Gecko/20100101 Firefox/85.0',
  firefox101: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:101.0) Gecko/20100101 Firefox/101.0',
  safari153:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.3 Safari/605.1.15',
  safari154:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.4 Safari/605.1.15',
  iphoneSafari17:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/119.0.6045.169 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.43 Mobile Safari/537.36',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0',
};

const ALL: BrowserFeatures = {
  mediaRecorder: true,
  getUserMedia: true,
  fileApi: true,
  fetch: true,
  indexedDB: true,
  serviceWorker: true,
  secureContext: true,
};

describe('parseBrowser', () => {
  it('names the browser, its version and engine, and whether it is a phone', () => {
    const chrome = parseBrowser(UA.chrome120);
    expect(chrome).toMatchObject({ name: 'Chrome', version: '120.0', engine: 'Blink', isMobile: false });
    expect(chrome.userAgent).toBe(UA.chrome120);
    expect(parseBrowser(UA.edge108)).toMatchObject({ name: 'Edge', version: '108.0', engine: 'Blink' });
    expect(parseBrowser(UA.firefox101)).toMatchObject({ name: 'Firefox', version: '101.0', engine: 'Gecko' });
    expect(parseBrowser(UA.safari154)).toMatchObject({ name: 'Safari', version: '15.4', engine: 'WebKit' });
    expect(parseBrowser(UA.iphoneSafari17)).toMatchObject({
      name: 'Safari',
      version: '17.1',
      isMobile: true,
    });
    expect(parseBrowser(UA.iphoneChrome)).toMatchObject({
      name: 'Chrome',
      version: '119.0',
      engine: 'WebKit',
    });
    expect(parseBrowser(UA.androidChrome)).toMatchObject({ name: 'Chrome', isMobile: true });
    expect(parseBrowser(UA.ie11)).toMatchObject({
      name: 'Internet Explorer',
      version: '11.0',
      engine: 'Trident',
    });
    expect(parseBrowser(UA.opera)).toMatchObject({ name: 'Opera', version: '105.0' });
    expect(parseBrowser('curl/8.4.0')).toMatchObject({ name: 'Other', version: null, engine: 'Unknown' });
  });
});

describe('minimum versions', () => {
  it('are those the interface library draws correctly, above the specification’s 88/85/14', () => {
    expect(MINIMUM_VERSIONS).toEqual({ Chrome: '108', Edge: '108', Firefox: '101', Safari: '15.4' });
  });

  it('accept those versions and newer, and any other browser', () => {
    expect(isSupportedBrowser(parseBrowser(UA.chrome120))).toBe(true);
    expect(isSupportedBrowser(parseBrowser(UA.edge108))).toBe(true);
    expect(isSupportedBrowser(parseBrowser(UA.firefox101))).toBe(true);
    expect(isSupportedBrowser(parseBrowser(UA.safari154))).toBe(true);
    expect(isSupportedBrowser(parseBrowser(UA.opera))).toBe(true);
    expect(isSupportedBrowser(parseBrowser('SomethingNew/1.0'))).toBe(true);
  });

  it('refuse older ones and Internet Explorer', () => {
    expect(isSupportedBrowser(parseBrowser(UA.chrome88))).toBe(false);
    expect(isSupportedBrowser(parseBrowser(UA.firefox85))).toBe(false);
    expect(isSupportedBrowser(parseBrowser(UA.safari153))).toBe(false);
    expect(isSupportedBrowser(parseBrowser(UA.ie11))).toBe(false);
  });

  it('compare part by part', () => {
    expect(versionAtLeast('15.10', '15.4')).toBe(true);
    expect(versionAtLeast('15.3', '15.4')).toBe(false);
    expect(versionAtLeast('108.0', '108')).toBe(true);
    expect(versionAtLeast('99.9', '108')).toBe(false);
  });
});

describe('compatibilityReport', () => {
  const now = new Date('2026-11-23T10:00:00Z');

  it('finds nothing to say about a current browser with everything', () => {
    const report = compatibilityReport(parseBrowser(UA.chrome120), ALL, now);
    expect(report).toMatchObject({
      isSupported: true,
      errors: [],
      warnings: [],
      timestamp: '2026-11-23T10:00:00.000Z',
    });
    expect(hasProblems(report)).toBe(false);
  });

  it('makes missing recording parts errors and missing file or fetch support warnings', () => {
    const report = compatibilityReport(
      parseBrowser(UA.chrome120),
      { ...ALL, mediaRecorder: false, getUserMedia: false, fileApi: false, fetch: false },
      now,
    );
    expect(report.errors).toEqual(['mediaRecorder', 'getUserMedia']);
    expect(report.warnings).toEqual(['fileApi', 'fetch']);
    expect(report.isSupported).toBe(true);
  });

  it('blames plain http, not the browser, when the microphone is hidden on an insecure page', () => {
    const report = compatibilityReport(
      parseBrowser(UA.chrome120),
      { ...ALL, getUserMedia: false, serviceWorker: false, secureContext: false },
      now,
    );
    expect(report.errors).toEqual(['insecureContext']);
    // Offline mode needs https too; that is already said.
    expect(report.warnings).toEqual([]);
  });

  it('warns about an outdated browser first, and refuses Internet Explorer outright', () => {
    const old = compatibilityReport(parseBrowser(UA.safari153), { ...ALL, indexedDB: false }, now);
    expect(old.isSupported).toBe(false);
    expect(old.warnings).toEqual(['outdated', 'indexedDB']);
    const ie = compatibilityReport(parseBrowser(UA.ie11), { ...ALL, mediaRecorder: false }, now);
    expect(ie.errors).toEqual(['internetExplorer', 'mediaRecorder']);
    expect(ie.warnings).toEqual([]);
  });
});
