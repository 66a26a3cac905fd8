import { useQuery } from '@tanstack/react-query';
import { LIMITS } from '@voxpress/contracts';
import { CLIENT_CONFIG_KEY, fetchClientConfig } from '../auth/auth-api.ts';

/**
 * The largest file this server accepts (MAX_UPLOAD_MB or the administrator's setting), from its
 * client configuration; the spec's 100 MB until it is known (the server checks again anyway).
 */
export function useMaxUploadBytes(): number {
  const config = useQuery({ queryKey: CLIENT_CONFIG_KEY, queryFn: fetchClientConfig, staleTime: 5 * 60_000 });
  return config.data?.max_upload_bytes ?? LIMITS.maxUploadBytes;
}
