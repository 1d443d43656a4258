// /email-verified/{key}: calls verify-email on opening; success shows the server's message and the congratulation.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Result } from 'antd';
import { isSuccess, type ResponseEnvelope } from '../../../engine/api/envelope';
import { MEMBER_FLOW_PATHS, MEMBER_FLOW_TEXTS } from '../../../domain/memberFlows';
import { PublicLayout, Waiting } from './PublicLayout';
import { publicCall } from './publicApi';

// The key is single-use: one call per key even when React runs the effect twice (StrictMode in development).
const verifications = new Map<string, Promise<ResponseEnvelope>>();
const verifyOnce = (key: string) => {
  if (!verifications.has(key)) verifications.set(key, publicCall(MEMBER_FLOW_PATHS.verifyEmail, { memberid: key }));
  return verifications.get(key)!;
};

export default function EmailVerifiedPage() {
  const { id = '' } = useParams();
  const [answer, setAnswer] = useState<ResponseEnvelope>();

  useEffect(() => {
    let current = true;
    setAnswer(undefined);
    void verifyOnce(id).then((response) => current && setAnswer(response));
    return () => {
      current = false;
    };
  }, [id]);

  return (
    <PublicLayout title={MEMBER_FLOW_TEXTS.emailVerifiedTitle}>
      {!answer && <Waiting text={MEMBER_FLOW_TEXTS.validationWaiting} />}
      {answer && isSuccess(answer.status.responsecode) && (
        <Result status="success" title={MEMBER_FLOW_TEXTS.emailVerified} subTitle={answer.status.responsemessage} />
      )}
      {answer && !isSuccess(answer.status.responsecode) && <Result status="error" title={answer.status.responsemessage} />}
    </PublicLayout>
  );
}
