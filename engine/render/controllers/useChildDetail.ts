// A child row's own page: the row read by its key (the parent's values and the URL's value), or the server's
// message when it is not found.
import { childCriteria } from '../../definition/recordPage';
import { fieldOf } from '../../definition/compile';
import type { ChildTableDefinition, ScreenDefinition } from '../../definition/screen';
import { useResultQuery } from './useResultQuery';

type Row = Record<string, unknown>;

/** The key of the row: the parent's values, and the URL's value as the last key field's type. */
function rowKey(screen: ScreenDefinition, child: ChildTableDefinition, parent: Row, detailKey: string): Row {
  const last = screen.resource.key[screen.resource.key.length - 1]!;
  const field = fieldOf(screen, last);
  const numeric = field?.type === 'integer' || field?.type === 'number';
  return { ...childCriteria(child, parent), [last]: numeric && /^-?[0-9]+(\.[0-9]+)?$/.test(detailKey) ? Number(detailKey) : detailKey };
}

export function useChildDetail(page: ScreenDefinition, child: ChildTableDefinition, parentRecord: Row, detailKey: string) {
  // Read again when the parent record is reloaded, as its own page would be.
  const { result: record, error: missing } = useResultQuery<Row>(`/api/${page.resource.name}/detail`, rowKey(page, child, parentRecord, detailKey), parentRecord);
  return { record, missing };
}
