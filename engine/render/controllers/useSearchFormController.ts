// A search form's state: what is typed (shown again when the searched values change), each field's message from
// the rule language on leaving it, and Search (every shown field checked, then searched) and Clear.
import { useEffect, useState } from 'react';
import { validateValue } from '../../rules';
import { searchFields, searchRules, ruleContext, type SearchField } from '../../definition/compile';
import type { ScreenDefinition } from '../../definition/screen';
import type { SearchValues } from '../../definition/searchCriteria';

/** A search field's message from the rule language, or undefined when its value passes. */
function problemOf(search: SearchField, value: unknown): string | undefined {
  const rules = searchRules(search);
  if (rules.length === 0) return undefined;
  return validateValue(value, rules, ruleContext(search.field)) ?? undefined;
}

export function useSearchFormController(screen: ScreenDefinition, values: SearchValues, advanced: boolean, onSearch: (values: SearchValues) => void) {
  const fields = searchFields(screen);
  const normal = fields.filter((f) => f.mode === 'normal');
  const extra = fields.filter((f) => f.mode === 'advanced');
  const shown = advanced ? [...normal, ...extra] : normal;
  const [draft, setDraft] = useState<SearchValues>(values);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // The form shows the searched values when they change (a search, Back, a shared link); by their content, not
  // identity: a toggle of Advance Search or a page turn rebuilds the state and must keep what is typed.
  const valuesKey = JSON.stringify(values);
  useEffect(() => {
    setDraft(values);
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valuesKey]);

  /** Checks one field (on leaving it, as antd's onBlur trigger did) and shows or hides its message. */
  const check = (search: SearchField, value: unknown) => {
    const problem = problemOf(search, value);
    setErrors(({ [search.field.name]: _old, ...rest }) => (problem ? { ...rest, [search.field.name]: problem } : rest));
    return problem;
  };

  const submit = () => {
    const problems = Object.fromEntries(shown.flatMap((search) => {
      const problem = problemOf(search, draft[search.field.name]);
      return problem ? [[search.field.name, problem]] : [];
    }));
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const cleaned: SearchValues = {};
    for (const search of shown) cleaned[search.field.name] = draft[search.field.name];
    onSearch(cleaned);
  };

  const clear = () => {
    setDraft({});
    setErrors({});
    onSearch({});
  };

  return { extra, shown, draft, setDraft, errors, check, submit, clear };
}
