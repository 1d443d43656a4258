// The text being edited, checked as it is typed: its JSON syntax at once, the server's checks (npm run validate's)
// a moment after the typing stops (the latest text's answer wins), and the value the preview draws.
import { useEffect, useMemo, useRef, useState } from 'react';
import { isSuccess } from '../../api/envelope';
import { parseDefinition, placeProblems, type TextProblem } from '../../definition/definitionPlaces';
import { STUDIO_API, type StudioCheck, type StudioProblem } from '../../definition/studio';
import { useEngine } from '../EngineContext';

/** How long the typing pauses before the server checks the text. */
export const CHECK_DELAY_MS = 300;
/** How long the typing pauses before the preview draws the text (a 60-field page draws in well under the rest). */
export const PREVIEW_DELAY_MS = 50;

/** A value that follows another after it has stayed the same for `delay`. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export function useDraftCheck(key: string | undefined, text: string) {
  const { call } = useEngine();
  const [checked, setChecked] = useState<{ text: string; problems: StudioProblem[] }>();
  const latest = useRef(0);
  const syntax = useMemo(() => parseDefinition(text), [text]);
  const toCheck = useSettled(syntax.errors.length === 0 ? text : undefined, CHECK_DELAY_MS);

  useEffect(() => {
    if (!key || toCheck === undefined) return;
    const request = ++latest.current;
    void call<StudioCheck>(STUDIO_API.check, { data: { key, text: toCheck } }).then((answer) => {
      if (request !== latest.current) return;
      const problems = isSuccess(answer.status.responsecode) ? (answer.result?.problems ?? []) : [{ path: '', message: answer.status.responsemessage }];
      setChecked({ text: toCheck, problems });
    });
  }, [call, key, toCheck]);

  const current = checked?.text === text;
  const { placed, elsewhere } = useMemo(() => (checked && current ? placeProblems(text, checked.problems) : { placed: [], elsewhere: [] }), [checked, current, text]);
  const diagnostics: TextProblem[] = useMemo(() => [...syntax.errors, ...placed], [syntax.errors, placed]);
  // A text that does not parse (a key half typed) keeps the last preview that did.
  const previewText = useSettled(text, PREVIEW_DELAY_MS);
  const [preview, setPreview] = useState<unknown>();
  useEffect(() => {
    const { value } = parseDefinition(previewText);
    if (value !== undefined) setPreview(value);
  }, [previewText]);

  return {
    diagnostics,
    /** Problems of other definitions, or of the whole text. */
    elsewhere,
    /** The server has checked this very text and found nothing. */
    clean: syntax.errors.length === 0 && current && checked?.problems.length === 0,
    checking: syntax.errors.length === 0 && !current,
    preview,
  };
}
