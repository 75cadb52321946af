const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };

/** Text safe inside SVG/HTML elements and double-quoted attributes. */
export const escapeXml = (text: string): string => text.replace(/[<>&"]/g, (c) => ENTITIES[c] ?? c);
