// The browser's download of a file the app made (an orders export): no port covers it, the app root calls it.

/** Saves a Blob under a file name through a temporary object-URL link (the browser's download). */
export function saveFileInBrowser(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: revoking at once can cancel the download before the browser reads it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
