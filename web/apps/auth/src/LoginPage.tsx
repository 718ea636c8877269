/**
 * The login page: the login form, and the ways in that arrive by URL — a token link
 * (?methodId&userId&time&sign, coupon-accounts §4 token login), the way back from the social provider
 * (#id_token) and a pending two-step sign-in (?two_step_token). After sign-in the player goes to
 * return-url when it is a path of this site, else home.
 */
import { announceSessionChange } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Message } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { authApi, errorKey } from './forms/auth-api.ts';
import { type AuthFormProps, LoginForm } from './forms/LoginForm.tsx';
import { completeSocialSignIn } from './forms/SocialButton.tsx';

export function safeReturn(value: string | null, lng: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return `/${lng}/`;
  return value;
}

async function tokenLogin(lng: string, query: URLSearchParams): Promise<string | null> {
  const [methodId, userId, time, sign] = ['methodId', 'userId', 'time', 'sign'].map((k) => query.get(k));
  if (!methodId || !userId || !time || !sign) return null;
  const result = await authApi.tokenLogin({
    methodId: Number(methodId),
    userId: Number(userId),
    time: Number(time),
    sign,
    lang: query.get('lang') ?? lng,
  });
  if (!result.ok) return errorKey(result);
  announceSessionChange({ kind: 'signed-in', returnUrl: result.data.redirectUrl });
  return 'login.signing_in';
}

export function LoginPage(props: Omit<AuthFormProps, 'returnUrl' | 'onDone'>) {
  const t = useT('auth');
  const [returnUrl, setReturnUrl] = useState(`/${props.lng}/`);
  const [twoStepToken, setTwoStepToken] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    setReturnUrl(safeReturn(query.get('return-url'), props.lng));
    setTwoStepToken(query.get('two_step_token'));
    void (async () => {
      const key = (await completeSocialSignIn(props.lng)) ?? (await tokenLogin(props.lng, query));
      if (key) setStatus(key);
    })();
  }, [props.lng]);
  return (
    <>
      {status ? <Message kind={status.startsWith('errors.') ? 'error' : 'info'}>{t(status)}</Message> : null}
      <LoginForm
        key={twoStepToken ?? 'login'}
        {...props}
        returnUrl={returnUrl}
        initialTwoStepToken={twoStepToken}
        onDone={() => {}}
      />
      {/* QR login (office app): this computer shows a code that the signed-in phone approves. */}
      <p>
        <a href={`/${props.lng}/qrlogin`}>{t('login.qr_link')}</a>
      </p>
    </>
  );
}
