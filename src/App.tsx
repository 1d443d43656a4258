// Routes of the app: the login page when signed out, the staff pages when signed in.
import { useSyncExternalStore } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from './pages/LoginPage';
import { HomePage } from './pages/HomePage';
import { sessionStore } from './session/storage';

export function App() {
  const signedIn = useSyncExternalStore(sessionStore.subscribe, () => !!sessionStore.token());
  if (!signedIn) return <LoginPage />;
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/member" element={<HomePage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
