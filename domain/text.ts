// Text measures the rules use: UTF-8 bytes (what the backend stores) and user-perceived characters.

const encoder = new TextEncoder();

export function utf8ByteLength(text: string): number {
  return encoder.encode(text).length;
}

/** Characters as Unicode code points, so an emoji or an astral letter counts once. */
export function characterCount(text: string): number {
  return [...text].length;
}

export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}
