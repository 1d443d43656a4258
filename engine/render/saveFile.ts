// Hands a text the server answered to the browser as a file download (an error report, a result file).
export interface FileContent {
  filename: string;
  mimetype: string;
  content: string;
}

export function saveFile({ filename, mimetype, content }: FileContent) {
  const url = URL.createObjectURL(new Blob([content], { type: mimetype }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
