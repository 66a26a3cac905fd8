import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ENGINES_KEY } from '../../help/engines-api.ts';
import { ADMIN_MODELS_KEY, fetchAdminModels } from '../settings-api.ts';

/**
 * Every model of every kind (GET /admin/models), and a refresh that reads them again with the
 * engines list, which says which model serves once a download ends.
 */
export function useAdminModels() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ADMIN_MODELS_KEY, queryFn: fetchAdminModels });
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ADMIN_MODELS_KEY });
    void queryClient.invalidateQueries({ queryKey: ENGINES_KEY });
  }, [queryClient]);
  return { query, refresh };
}
