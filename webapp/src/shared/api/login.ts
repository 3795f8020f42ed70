import { useCallback } from 'react';
import { useApi } from '@/shared/api/ApiContext';
import type { ShopApi } from '@/shared/api/api';
import { clearPendingUserId } from './pendingUser';

/**
 * verifyAndLogin is the login routine of spec section 4: verify the code, exchange it for
 * tokens, store them with isGuest 'false' (the API client does both), then drop the
 * pending user id. Errors are the API client's, for messageFor('otpVerify', ...).
 */
export async function verifyAndLogin(api: ShopApi, userId: string, otp: string, captchaToken: string, storage?: Storage) {
  const token = await api.auth.login(userId, otp, captchaToken);
  clearPendingUserId(storage);
  return token;
}

/** useLogin binds verifyAndLogin to the app's API client. */
export function useLogin() {
  const api = useApi();
  return useCallback((userId: string, otp: string, captchaToken: string) => verifyAndLogin(api, userId, otp, captchaToken), [api]);
}
