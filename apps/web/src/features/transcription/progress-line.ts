/**
 * Whether a progress message already states its own percentage ("Downloading the speech model
 * base (148 MB): 41 %"), so the banner does not add the overall one beside it.
 */
export function statesOwnPercent(message: string | null): boolean {
  return message !== null && /\d\s?%\s*$/.test(message);
}
