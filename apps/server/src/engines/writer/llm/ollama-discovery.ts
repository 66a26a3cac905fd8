import { z } from 'zod';

/** One model Ollama has installed. */
export interface OllamaModel {
  name: string;
  /** Bytes on disk. */
  size: number | null;
  parameterSize: string | null;
}

const zTags = z.object({
  models: z.array(
    z.object({
      name: z.string(),
      size: z.number().optional(),
      details: z.object({ parameter_size: z.string().optional() }).partial().optional(),
    }),
  ),
});

/**
 * The models of the Ollama server at `url` (`GET /api/tags`), or null when nothing answers there
 * like Ollama. Quick by design: it runs whenever the engines are listed.
 */
export async function listOllamaModels(url: string, timeoutMs = 1500): Promise<OllamaModel[] | null> {
  try {
    const res = await fetch(`${url}/api/tags`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return null;
    const parsed = zTags.safeParse(await res.json());
    if (!parsed.success) return null;
    return parsed.data.models.map((m) => ({
      name: m.name,
      size: m.size ?? null,
      parameterSize: m.details?.parameter_size ?? null,
    }));
  } catch {
    return null;
  }
}
