import { useQuery } from '@tanstack/react-query';
import { AUDIENCES, CULTURAL_CONTEXTS } from '@voxpress/contracts';
import { useState } from 'react';
import {
  infographicKeys,
  listAudiences,
  listCulturalContexts,
  suggestTemplates,
} from './infographics-api.ts';
import { type InfographicSetup, type InfographicSource, setupOf } from './setup.ts';

/**
 * The configuration a dialog generates with: what the content suggests (its type, audience and
 * cultural context, by the configured model or the keyword rules), with the user's changes. Null
 * while it is read, or when it could not be (the dialogs then say so).
 */
export function useInfographicSetup(source: InfographicSource, enabled: boolean) {
  const ready = source.piece.status === 'completed';
  const suggestion = useQuery({
    queryKey: infographicKeys.suggestion(source.piece.id, source.language),
    queryFn: () => suggestTemplates({ content_id: source.piece.id, language: source.language }),
    enabled: enabled && ready,
    staleTime: 10 * 60_000,
    retry: 1,
  });
  const [chosen, setChosen] = useState<Partial<InfographicSetup>>({});
  const setup = suggestion.data ? setupOf(suggestion.data, chosen) : null;
  return {
    setup,
    loading: ready && suggestion.isPending,
    /** Why there is no configuration: the suggestion failed, or the content is not finished. */
    unavailable: !ready || suggestion.isError,
    error: suggestion.error,
    retry: () => void suggestion.refetch(),
    choose: (patch: Partial<InfographicSetup>) => setChosen((c) => ({ ...c, ...patch })),
  };
}

/** The audiences and cultural contexts the server offers, with its labels for ones not known here. */
export function useChoices() {
  const audiences = useQuery({
    queryKey: infographicKeys.audiences,
    queryFn: listAudiences,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const contexts = useQuery({
    queryKey: infographicKeys.culturalContexts,
    queryFn: listCulturalContexts,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return {
    audiences: audiences.data?.items ?? AUDIENCES.map((value) => ({ value, label: value, description: '' })),
    contexts:
      contexts.data?.items ?? CULTURAL_CONTEXTS.map((value) => ({ value, label: value, description: '' })),
  };
}
