import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { clearSession } from '../../../lib/session';

/** /logout: clears the session (and cached data) and goes to `/`. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    clearSession();
    queryClient.clear();
    navigate('/', { replace: true });
  }, [navigate, queryClient]);
  return <PageLoader fullScreen />;
}
