// What this browser is and whether it can do what Voxpress asks of it (spec sections 3, 8 and 9).
// Pure functions over a user agent and a list of features, so every rule is tested without a browser.

/** Browser info (spec section 3). */
export interface BrowserInfo {
  name:
    | 'Chrome'
    | 'Edge'
    | 'Firefox'
    | 'Safari'
    | 'Internet Explorer'
    | 'Opera'
    | 'Samsung Internet'
    | 'Other';
  /** Major and minor version, e.g. "120.0" or "15.4"; null when the user agent does not say. */
  version: string | null;
  engine: 'Blink' | 'Gecko' | 'WebKit' | 'Trident' | 'Unknown';
  userAgent: string;
  isMobile: boolean;
}

/** What the app uses, each true when present. */
export interface BrowserFeatures {
  mediaRecorder: boolean;
  getUserMedia: boolean;
  fileApi: boolean;
  fetch: boolean;
  indexedDB: boolean;
  serviceWorker: boolean;
  /** HTTPS or localhost: browsers offer the microphone and offline mode only there. */
  secureContext: boolean;
}

/** A problem, as a key of the `compat` translation namespace. */
export type CompatProblem =
  | 'mediaRecorder'
  | 'getUserMedia'
  | 'insecureContext'
  | 'fileApi'
  | 'fetch'
  | 'indexedDB'
  | 'serviceWorker'
  | 'outdated'
  | 'internetExplorer';

/** Compatibility report (spec section 3). */
export interface CompatibilityReport {
  browser: BrowserInfo;
  isSupported: boolean;
  features: BrowserFeatures;
  timestamp: string;
  /** Something works less well. */
  warnings: CompatProblem[];
  /** Something does not work at all. */
  errors: CompatProblem[];
}

/**
 * Oldest versions supported; Internet Explorer never is; other browsers count as supported.
 * The specification named Chrome 88, Firefox 85, Safari 14 and Edge 88, but the interface library
 * (Mantine) styles everything with CSS `:where` and `@layer` and is tested from these versions on:
 * older ones draw broken pages, so promising them would be untrue.
 */
export const MINIMUM_VERSIONS: Readonly<Partial<Record<BrowserInfo['name'], string>>> = {
  Chrome: '108',
  Edge: '108',
  Firefox: '101',
  Safari: '15.4',
};

/** "major.minor" from the first capture of `pattern` (a version like 120.0.6099.71 or 15_4). */
function versionOf(userAgent: string, pattern: RegExp): string | null {
  const match = pattern.exec(userAgent)?.[1];
  if (!match) return null;
  const [maj, min] = match.split(/[._]/);
  return `${Number.parseInt(maj ?? '0', 10)}.${Number.parseInt(min ?? '0', 10) || 0}`;
}

/** True when `version` is `minimum` or later, part by part (15.10 is after 15.4). */
export function versionAtLeast(version: string, minimum: string): boolean {
  const a = version.split('.').map(Number);
  const b = minimum.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}

/** Reads a user agent. Order matters: Edge and Opera also say Chrome; Chrome also says Safari. */
export function parseBrowser(userAgent: string): BrowserInfo {
  const isMobile = /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent);
  const info = (
    name: BrowserInfo['name'],
    version: string | null,
    engine: BrowserInfo['engine'],
  ): BrowserInfo => ({
    name,
    version,
    engine,
    userAgent,
    isMobile,
  });
  // Every browser on iOS runs WebKit whatever its name.
  const ios = /iPhone|iPad|iPod/.test(userAgent);
  if (/MSIE |Trident\//.test(userAgent))
    return info('Internet Explorer', versionOf(userAgent, /(?:MSIE |rv:)([\d.]+)/), 'Trident');
  if (/Edg(?:e|A|iOS)?\//.test(userAgent))
    return info('Edge', versionOf(userAgent, /Edg(?:e|A|iOS)?\/([\d.]+)/), ios ? 'WebKit' : 'Blink');
  if (/OPR\/|Opera/.test(userAgent))
    return info('Opera', versionOf(userAgent, /(?:OPR|Version)\/([\d.]+)/), 'Blink');
  if (/SamsungBrowser\//.test(userAgent))
    return info('Samsung Internet', versionOf(userAgent, /SamsungBrowser\/([\d.]+)/), 'Blink');
  if (/Firefox\/|FxiOS\//.test(userAgent))
    return info('Firefox', versionOf(userAgent, /(?:Firefox|FxiOS)\/([\d.]+)/), ios ? 'WebKit' : 'Gecko');
  if (/Chrome\/|CriOS\//.test(userAgent))
    return info('Chrome', versionOf(userAgent, /(?:Chrome|CriOS)\/([\d.]+)/), ios ? 'WebKit' : 'Blink');
  if (/Safari\//.test(userAgent) && /Version\//.test(userAgent))
    return info('Safari', versionOf(userAgent, /Version\/([\d.]+)/), 'WebKit');
  return info(
    'Other',
    null,
    /AppleWebKit/.test(userAgent) ? 'WebKit' : /Gecko\//.test(userAgent) ? 'Gecko' : 'Unknown',
  );
}

/** True unless the browser is Internet Explorer or older than its minimum version. */
export function isSupportedBrowser(browser: BrowserInfo): boolean {
  if (browser.name === 'Internet Explorer') return false;
  const minimum = MINIMUM_VERSIONS[browser.name];
  return minimum === undefined || browser.version === null || versionAtLeast(browser.version, minimum);
}

/** Builds the report: the spec's errors and warnings, plus what offline use and kept recordings need. */
export function compatibilityReport(
  browser: BrowserInfo,
  features: BrowserFeatures,
  now: Date,
): CompatibilityReport {
  const errors: CompatProblem[] = [];
  const warnings: CompatProblem[] = [];
  if (browser.name === 'Internet Explorer') errors.push('internetExplorer');
  if (!features.mediaRecorder) errors.push('mediaRecorder');
  // Over plain http (a LAN address) browsers hide the microphone: that, not the browser, is the cause.
  if (!features.getUserMedia) errors.push(features.secureContext ? 'getUserMedia' : 'insecureContext');
  if (!features.fileApi) warnings.push('fileApi');
  if (!features.fetch) warnings.push('fetch');
  if (!features.indexedDB) warnings.push('indexedDB');
  if (!features.serviceWorker && features.secureContext) warnings.push('serviceWorker');
  const isSupported = isSupportedBrowser(browser);
  if (!isSupported && browser.name !== 'Internet Explorer') warnings.unshift('outdated');
  return { browser, isSupported, features, timestamp: now.toISOString(), warnings, errors };
}

/** The features of the browser running this code. */
export function detectFeatures(w: Window & typeof globalThis): BrowserFeatures {
  return {
    mediaRecorder: typeof w.MediaRecorder === 'function',
    getUserMedia: typeof w.navigator.mediaDevices?.getUserMedia === 'function',
    fileApi:
      typeof w.File === 'function' && typeof w.FileReader === 'function' && typeof w.Blob === 'function',
    fetch: typeof w.fetch === 'function',
    indexedDB: typeof w.indexedDB !== 'undefined' && w.indexedDB !== null,
    serviceWorker: 'serviceWorker' in w.navigator,
    secureContext: w.isSecureContext === true,
  };
}

/** Something to tell the user about. */
export function hasProblems(report: CompatibilityReport): boolean {
  return report.errors.length > 0 || report.warnings.length > 0;
}
