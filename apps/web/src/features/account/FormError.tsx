import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { formatAuthError } from '../../lib/api-error.ts';

/** A failed request under a form: the server's reason, one line per problem. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const lines = formatAuthError(error);
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Alert>
  );
}
