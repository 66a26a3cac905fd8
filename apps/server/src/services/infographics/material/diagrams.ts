import type { Emphasis } from '@voxpress/contracts';
import type { Diagram, InfographicData } from '../../../engines/renderer/renderer.ts';

/** The structures a variation's content can fill, from what it really holds. */
export function diagramsFor(data: InfographicData): Diagram[] {
  const out: Diagram[] = [];
  const texts = (list: string[] | undefined) => (list ?? []).filter((t) => t.trim()).length;
  if (texts(data.steps) >= 2 || (data.actionItems ?? []).filter((a) => a.text.trim()).length >= 2)
    out.push('flow');
  const c = data.comparison;
  if (c?.left.items.length && c.right.items.length) out.push('comparison');
  if (data.points.filter((p) => p.text.trim() && p.start !== null).length >= 2) out.push('timeline');
  // Figures only when there are numbers to show: never a tile for a word like "Easy".
  if ((data.facts ?? []).filter((f) => /\d/.test(f.value)).length >= 2) out.push('figures');
  if (data.quote?.text.trim()) out.push('quote');
  out.push('cards');
  return out;
}

/** The structure that suits an emphasis best, when the content holds it. */
const PREFERRED: Partial<Record<Emphasis, Diagram>> = {
  steps: 'flow',
  action_items: 'flow',
  decisions: 'timeline',
  key_points: 'timeline',
  quote: 'quote',
  facts: 'figures',
  ingredients: 'cards',
  summary: 'cards',
};

/**
 * Gives each variation of a set a different structure where the content allows: the one its
 * emphasis suits, else the first its content holds that no earlier variation took, else cards.
 */
export function assignDiagrams<T extends { data: InfographicData; emphasis: Emphasis; diagram?: Diagram }>(
  plans: T[],
): (T & { diagram: Diagram })[] {
  const used = new Set<Diagram>();
  return plans.map((plan) => {
    const can = diagramsFor(plan.data);
    // Two options the content weighs against each other are its clearest structure.
    const preferred =
      can.includes('comparison') && !used.has('comparison') ? 'comparison' : PREFERRED[plan.emphasis];
    const diagram =
      (preferred && can.includes(preferred) && !used.has(preferred) ? preferred : undefined) ??
      can.find((d) => !used.has(d)) ??
      (can.includes('cards') ? 'cards' : (can[0] ?? 'cards'));
    used.add(diagram);
    return { ...plan, diagram };
  });
}
