// An admin's write refused until the admin enrols a second factor (403 with
// { factorRequired: true }, reported by api-client): say why once, and open
// the admin's Security page where a passkey or an authenticator app is added.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onAdminFactorRequired } from '@/lib/factor-refusal';
import { toast } from '@/lib/toast';

export const ADMIN_FACTOR_TOAST_ID = 'admin-factor-required';

export function AdminFactorListener() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onAdminFactorRequired((message) => {
        toast.warning(message, { id: ADMIN_FACTOR_TOAST_ID });
        void navigate('/admin/security');
      }),
    [navigate],
  );
  return null;
}
