// The tag id of the TagIdCheck flag: the number printed on the bag or parcel tag, which the
// rider compares at pick-up. Optional; when given it is up to 32 ASCII letters, digits or dashes (what
// tag printers use), so the rider can read it back character by character.

export const TAG_ID_MAX_CHARS = 32;

export const TAG_ID_MESSAGES = {
  invalid: 'validation.tag-id-invalid',
} as const;
export type TagIdMessageKey = (typeof TAG_ID_MESSAGES)[keyof typeof TAG_ID_MESSAGES];

const TAG_ID_SHAPE = new RegExp(`^[A-Za-z0-9-]{1,${TAG_ID_MAX_CHARS}}$`);

/** The tag id as it is stored: without surrounding spaces. */
export function normalizeTagId(value: string): string {
  return value.trim();
}

/** Null when the tag id is empty (none given) or well formed, else the translated message's key. */
export function validateTagId(value: string): TagIdMessageKey | null {
  const tag = normalizeTagId(value);
  if (tag === '') return null;
  return TAG_ID_SHAPE.test(tag) ? null : TAG_ID_MESSAGES.invalid;
}
