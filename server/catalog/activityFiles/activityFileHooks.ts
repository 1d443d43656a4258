// File Management's Upload: the file is kept with every row checked (not written as records of the list).
import { CODES } from '../../../engine/api/responseCodes';
import { errorReportCsv, errorReportName } from '../../../engine/definition/bulk';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { HookRegistry } from '../../platform/resources/hooks';
import { FILE_RESOURCE, FILE_TEXTS, FileRefusal, uploadActivityFile } from './activityFileStore';

/** The kept file (activityFileStore.ts UploadedFile). */
const UPLOADED_FILE = {
  title: 'uploaded activity file',
  type: 'object',
  required: ['fileid', 'filename', 'filetype', 'totalrows', 'badrows'],
  properties: { fileid: { type: 'string' }, filename: { type: 'string' }, filetype: { enum: ['AIR', 'NONAIR'] }, totalrows: { type: 'integer' }, badrows: { type: 'integer' } },
};

export const activityFileHooks = (catalogue: Catalogue): HookRegistry => ({
  [FILE_RESOURCE]: {
    uploadResult: UPLOADED_FILE,
    async upload(ctx, { filename, content }) {
      try {
        const file = await uploadActivityFile(ctx.db, catalogue, { filename, content, user: ctx.user!.username, now: ctx.now() });
        return { message: FILE_TEXTS.uploaded.replace('{file}', file.filename).replace('{rows}', file.totalrows.toLocaleString('en-US')).replace('{bad}', file.badrows.toLocaleString('en-US')), result: file };
      } catch (error) {
        if (!(error instanceof FileRefusal)) throw error;
        const file = filename.split(/[\\/]/).pop()!.trim();
        const report = { filename: errorReportName(file), mimetype: 'text/csv', content: errorReportCsv(error.problems.map((p) => ({ row: p.row, field: '', message: p.message }))) };
        return { code: CODES.VALIDATION, message: `${file}: ${error.message}, nothing was uploaded`, result: { filename: file, errors: error.problems.length, report } };
      }
    },
  },
});
