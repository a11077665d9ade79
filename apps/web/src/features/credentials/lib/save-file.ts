// Saves a blob as a file through a temporary link (the browser's download).
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
