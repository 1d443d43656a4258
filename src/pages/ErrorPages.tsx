// Error pages of spec 000 §2, each with a Back button to the previous page (or to the start when the page was
// opened directly), each naming itself in the tab title; signed out, 'not found' wears the product's frame.
import { useEffect } from 'react';
import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { pageTitle } from '../shell/pageTitle';
import { PublicLayout } from './public/PublicLayout';
import { ERROR_PAGE_TITLES, ERROR_TEXTS, TO_LOGIN } from './errorTexts';

function useTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = pageTitle(title);
  }, [title]);
}

/**
 * Whether the app has a page of its own to go back to: the router numbers its history entries (a sign-in
 * replaces the login page's entry), so the first page opened (typed, from a link) has none and Back would
 * leave the app, for about:blank.
 */
const hasPreviousPage = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

function Back() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => (hasPreviousPage() ? navigate(-1) : navigate('/'))}>
      Back
    </Button>
  );
}

export function NotFoundPage() {
  useTitle(ERROR_PAGE_TITLES.notFound);
  return <Result status="404" title="404" subTitle={ERROR_TEXTS.notFound} extra={<Back />} />;
}

export function ForbiddenPage() {
  useTitle(ERROR_PAGE_TITLES.forbidden);
  return <Result status="403" title="403" subTitle={ERROR_TEXTS.forbidden} extra={<Back />} />;
}

/** 'Something Went Wrong' with the message; `modal` leaves out Back (and the tab title, the page under it keeps its own). */
export function SomethingWentWrong({ message, modal = false }: { message?: string; modal?: boolean }) {
  useTitle(modal ? undefined : ERROR_PAGE_TITLES.wrong);
  return <Result status="error" title={ERROR_TEXTS.wrong} subTitle={message} extra={modal ? undefined : <Back />} />;
}

/** Signed out, an unknown path: the 404 in the public pages' frame, with the way to the login page. */
export function PublicNotFoundPage() {
  const navigate = useNavigate();
  return (
    <PublicLayout title={ERROR_PAGE_TITLES.notFound} heading={false}>
      <Result
        status="404"
        title="404"
        subTitle={ERROR_TEXTS.notFound}
        extra={
          <Space>
            {hasPreviousPage() && <Button onClick={() => navigate(-1)}>Back</Button>}
            <Button type="primary" onClick={() => navigate('/')}>
              {TO_LOGIN}
            </Button>
          </Space>
        }
      />
    </PublicLayout>
  );
}
