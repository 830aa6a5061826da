// Saves a downloaded file under its name: the API's download needs the session's token, which a plain
// link cannot carry, so the file arrives as a Blob and is handed to the browser through an object URL.
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves a text the page made itself (nothing goes to the server) as a plain-text file. */
export function saveText(fileName: string, text: string): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}

/** "Protocol.pdf" from name "Protocol" and extension "pdf"; names that already end with it stay as they are. */
export function documentFileName(name: string, extension: string): string {
  const ext = extension.replace(/^\./, '').trim();
  if (ext === '' || name.toLowerCase().endsWith(`.${ext.toLowerCase()}`)) return name;
  return `${name}.${ext}`;
}
