// A definition's versions (newest first), two of them compared, and the rollback to an earlier one (a request).
import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import { isSuccess } from '../../api/envelope';
import { STUDIO_API, type StudioVersion } from '../../definition/studio';
import { useEngine } from '../EngineContext';
import { showErrorToast } from '../errorToast';
import { STUDIO_TEXTS } from './studioTexts';

export interface Compared {
  older: { version: number; text: string };
  newer: { version: number; text: string };
}

export function useHistoryController(key: string, onRequested: () => void) {
  const { call } = useEngine();
  const { message } = App.useApp();
  const [versions, setVersions] = useState<StudioVersion[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [compared, setCompared] = useState<Compared>();
  const [rollingBack, setRollingBack] = useState<number>();

  const load = useCallback(async () => {
    const answer = await call<StudioVersion[]>(STUDIO_API.history, { data: { key } });
    if (isSuccess(answer.status.responsecode)) setVersions(answer.result ?? []);
    else showErrorToast(message, answer.status.responsemessage, { key: 'studio-history' });
  }, [call, key, message]);
  useEffect(() => {
    setChosen([]);
    void load();
  }, [load]);

  const textOf = async (version: number) => {
    const answer = await call<{ text: string }>(STUDIO_API.version, { data: { key, version } });
    if (!isSuccess(answer.status.responsecode) || !answer.result) throw new Error(answer.status.responsemessage);
    return { version, text: answer.result.text };
  };

  /** Compares the two versions chosen, the older on the left. */
  async function compare() {
    const [older, newer] = [...chosen].sort((a, b) => a - b);
    if (older === undefined || newer === undefined) return;
    try {
      setCompared({ older: await textOf(older), newer: await textOf(newer) });
    } catch (error) {
      showErrorToast(message, (error as Error).message);
    }
  }

  /** Asks for the version to be served again; answers the server's message when refused. */
  async function rollback(reason: string): Promise<string | undefined> {
    if (rollingBack === undefined) return undefined;
    const answer = await call<{ requestid: number }>(STUDIO_API.rollback, { data: { key, version: rollingBack, reason } });
    if (!isSuccess(answer.status.responsecode)) return answer.status.responsemessage;
    setRollingBack(undefined);
    message.success(STUDIO_TEXTS.rollbackRequested(answer.result!.requestid));
    onRequested();
    return undefined;
  }

  return { versions, chosen, choose: (versions: number[]) => setChosen(versions.slice(-2)), compare, compared, closeCompare: () => setCompared(undefined), rollingBack, askRollback: setRollingBack, rollback, reload: load };
}
