/**
 * Removes credential-like strings from text before it reaches the log (the
 * CLI's stderr can echo tokens, URLs with passwords, or headers).
 */
const PATTERNS: Array<[RegExp, string]> = [
  [/\b(sk|pk|rk)-[A-Za-z0-9_-]{12,}/g, '$1-***'],
  [/\b(ghp|gho|ghu|ghs|ghr|github_pat)_[A-Za-z0-9_]{12,}/g, '$1_***'],
  [/\b(xox[abprs])-[A-Za-z0-9-]{10,}/g, '$1-***'],
  [/\bAKIA[0-9A-Z]{16}\b/g, 'AKIA***'],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, '<jwt>'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, '$1 ***'],
  [/\b([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^\s:/@]+:[^\s@/]+@/g, '$1***:***@'],
  [/\b((?:api[_-]?key|access[_-]?token|refresh[_-]?token|auth[_-]?token|token|secret|password|passwd|cursor_api_key)["']?\s*[=:]\s*["']?)[^\s"',;]{6,}/gi, '$1***'],
  [/\b[A-Fa-f0-9]{40,}\b/g, '<hex>'],
];

export function redactSecrets(text: string): string {
  let out = text;
  for (const [re, rep] of PATTERNS) out = out.replace(re, rep);
  return out;
}
