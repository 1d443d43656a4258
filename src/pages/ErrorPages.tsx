// Error pages of spec 000 §2, each with a Back button to the previous page.
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

export const ERROR_TEXTS = {
  notFound: 'Sorry, the page you visited does not exist.',
  forbidden: 'Sorry, you are not authorized to access this page.',
  wrong: 'Something Went Wrong',
} as const;

function Back() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(-1)}>
      Back
    </Button>
  );
}

export const NotFoundPage = () => <Result status="404" title="404" subTitle={ERROR_TEXTS.notFound} extra={<Back />} />;
export const ForbiddenPage = () => <Result status="403" title="403" subTitle={ERROR_TEXTS.forbidden} extra={<Back />} />;

/** 'Something Went Wrong' with the message; `modal` leaves out Back. */
export const SomethingWentWrong = ({ message, modal = false }: { message?: string; modal?: boolean }) => (
  <Result status="error" title={ERROR_TEXTS.wrong} subTitle={message} extra={modal ? undefined : <Back />} />
);
