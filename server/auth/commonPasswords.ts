// The most common passwords that still satisfy SPEC §5's character rules (they appear near the
// top of every breach corpus, e.g. the NCSC "100k most common" and SecLists lists). The rules alone
// let "Password1!" through; the server refuses these too. Compared without case, and with the
// usual leet substitutions undone, so "P@ssw0rd1!" is caught by "password1!".
const COMMON = [
  'password1!', 'password1@', 'password1#', 'password1$', 'password!1', 'password@1', 'password#1', 'password123!',
  'password@123', 'password#123', 'password!123', 'password1234!', 'password2024!', 'password2025!', 'password2026!',
  'passw0rd!', 'p@ssw0rd', 'p@ssword1', 'p@ssw0rd1', 'p@ssw0rd!', 'p@ssw0rd123', 'welcome1!', 'welcome@1', 'welcome@123',
  'welcome123!', 'welcome2026!', 'qwerty123!', 'qwerty@123', 'qwerty1!', 'qwertyuiop1!', 'admin@123', 'admin123!',
  'admin@1234', 'abcd@1234', 'abc@1234', 'abc123!@#', 'abcd1234!', 'test@123', 'test@1234', 'letmein1!', 'iloveyou1!',
  'sunshine1!', 'monkey123!', 'dragon123!', 'football1!', 'baseball1!', 'master123!', 'summer2026!', 'winter2026!',
  'spring2026!', 'autumn2026!', 'changeme1!', 'changeme123!', 'aa123456!', 'aa@123456', 'asdf1234!', 'zaq1@wsx',
  'zaq12wsx!', '1qaz@wsx', '1qaz!qaz', 'india@123', 'pakistan@123', 'riyadh@123', 'saudi@123', 'courier@123',
  'portal!2026', 'welcome@2026',
];

const UNDO_LEET: Record<string, string> = { '0': 'o', '@': 'a', $: 's', '3': 'e', '1': 'i' };
const withoutLeet = (text: string) => text.replace(/[0@$31]/g, (c) => UNDO_LEET[c] ?? c);

const COMMON_SET = new Set(COMMON.flatMap((p) => [p, withoutLeet(p)]));

/** True when the password (any case, leet or not) is one of the well-known ones. */
export function isCommonPassword(password: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  return COMMON_SET.has(lower) || COMMON_SET.has(withoutLeet(lower));
}
