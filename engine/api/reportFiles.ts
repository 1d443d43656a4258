// A report page's generated files as the server lists them (`<report page>/files`) and the page shows them.

/** A file as the list shows it: what was asked, by whom, and its job's status and percentage. */
export interface ListedFile {
  fileid: string;
  menucode: string;
  title: string;
  format: string;
  parameters: string;
  createdby: string;
  createddate: string;
  status: string;
  percentage: number;
  size: number | null;
  rowcount: number | null;
  filename: string;
  expiresat: string;
  message: string | null;
}
