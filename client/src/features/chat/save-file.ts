/** Lets the browser save `blob` as `fileName`, the way a download link would. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the URL after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
