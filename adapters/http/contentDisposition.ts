// The file name of an attachment response (`Content-Disposition: attachment; filename=Template.xlsx`),
// including RFC 6266's `filename*=UTF-8''...` form.
export function attachmentFileName(header: string | null, fallback: string): string {
  if (header === null) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name !== undefined && name.trim() !== '' ? name.trim() : fallback;
}
