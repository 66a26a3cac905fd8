import { Alert, Container, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CompatibilityReport,
  type CompatProblem,
  compatibilityReport,
  detectFeatures,
  hasProblems,
  MINIMUM_VERSIONS,
  parseBrowser,
} from '../lib/browser-compat.ts';

const DISMISSED_KEY = 'voxpress-compat-dismissed';

function problemText(t: TFunction<'shell'>, problem: CompatProblem): string {
  switch (problem) {
    case 'mediaRecorder':
      return t('compat.mediaRecorder');
    case 'getUserMedia':
      return t('compat.getUserMedia');
    case 'insecureContext':
      return t('compat.insecureContext');
    case 'fileApi':
      return t('compat.fileApi');
    case 'fetch':
      return t('compat.fetch');
    case 'indexedDB':
      return t('compat.indexedDB');
    case 'serviceWorker':
      return t('compat.serviceWorker');
    case 'outdated':
      return t('compat.outdated');
    case 'internetExplorer':
      return t('compat.internetExplorer');
  }
}

/** The same problems in the same browser make the same notice: dismissed once, it stays away. */
function signature(report: CompatibilityReport): string {
  return [...report.errors, ...report.warnings, report.browser.name, report.browser.version].join('|');
}

function readDismissed(): string | null {
  try {
    return window.localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * Tells the user, once and dismissibly, what this browser cannot do (spec section 8: recording
 * errors, upload warnings, versions older than spec section 9's minimums).
 */
export function BrowserNotice() {
  const { t } = useTranslation('shell');
  const report = useMemo(
    () => compatibilityReport(parseBrowser(navigator.userAgent), detectFeatures(window), new Date()),
    [],
  );
  const [dismissed, setDismissed] = useState(() => readDismissed() === signature(report));

  useEffect(() => {
    if (!report.isSupported) console.warn(t('compat.outdated'), report);
  }, [report, t]);

  if (!hasProblems(report) || dismissed) return null;
  const problems = [...report.errors, ...report.warnings];
  return (
    <Container size="lg" pt="md">
      <Alert
        color={report.errors.length > 0 ? 'red' : 'yellow'}
        variant="light"
        icon={<IconAlertTriangle size={20} />}
        title={report.errors.length > 0 ? t('compat.errorsTitle') : t('compat.warningsTitle')}
        withCloseButton
        closeButtonLabel={t('compat.dismiss')}
        onClose={() => {
          try {
            window.localStorage.setItem(DISMISSED_KEY, signature(report));
          } catch {
            // Not kept: the notice comes back on the next visit.
          }
          setDismissed(true);
        }}
        data-testid="browser-notice"
      >
        {problems.length === 1 ? (
          <Text size="sm">{problemText(t, problems[0] as CompatProblem)}</Text>
        ) : (
          <List size="sm" spacing={4}>
            {problems.map((p) => (
              <List.Item key={p}>{problemText(t, p)}</List.Item>
            ))}
          </List>
        )}
        {(!report.isSupported || report.browser.name === 'Internet Explorer') && (
          <Text size="sm" mt="xs">
            {t('compat.minimum', {
              chrome: MINIMUM_VERSIONS.Chrome,
              edge: MINIMUM_VERSIONS.Edge,
              firefox: MINIMUM_VERSIONS.Firefox,
              safari: MINIMUM_VERSIONS.Safari,
            })}
          </Text>
        )}
      </Alert>
    </Container>
  );
}
