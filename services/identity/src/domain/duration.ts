const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 };

/**
 * Reads a lifetime such as "3600", "90s", "15m", "12h" or "1d" as whole seconds; undefined when the
 * text is not one of those shapes or is not positive.
 */
export function parseDurationSeconds(text: string): number | undefined {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(text);
  if (!match) return undefined;
  const seconds = Number(match[1]) * UNIT_SECONDS[(match[2] || 's').toLowerCase()]!;
  return seconds > 0 && Number.isSafeInteger(seconds) ? seconds : undefined;
}
