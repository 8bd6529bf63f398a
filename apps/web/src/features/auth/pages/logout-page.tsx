import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { clearSession, getSession } from '../../../lib/session';
import { signOutEverywhere } from '../api/auth-api';

/**
 * /logout: ends the employee's sessions on the server (POST /accounts/signout: the token stops working
 * everywhere), then clears the session (and cached data) and goes to `/`. A failed call still signs out here.
 */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = () => {
      clearSession();
      queryClient.clear();
      navigate('/', { replace: true });
    };
    if (!getSession()) {
      finish();
      return;
    }
    signOutEverywhere().then(finish, finish);
  }, [navigate, queryClient]);
  return <PageLoader fullScreen />;
}
