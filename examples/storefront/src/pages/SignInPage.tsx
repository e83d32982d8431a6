import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError, queryKeys, useMe } from '../api.js';
import { Notice, PageHeader } from '../components/ui.js';
import { PERSONAS, STAFF } from '../personas.js';
import { navigate } from '../router.js';
import type { SignInAgainReason } from '../sign-in-again.js';
import { useLanguage } from '../language.js';

/** `ended`: why a page sent the customer here, when one did (their session ended under it). */
export function SignInPage({ next, ended }: { next: string; ended?: SignInAgainReason }) {
  const queryClient = useQueryClient();
  const me = useMe();
  const { text } = useLanguage();
  const [customerId, setCustomerId] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const signIn = useMutation({
    mutationFn: api.signIn,
    onSuccess: async (result) => {
      queryClient.setQueryData(queryKeys.me, { customer: result.customer });
      queryClient.removeQueries({ queryKey: queryKeys.orders });
      queryClient.removeQueries({ queryKey: queryKeys.inventory });
      navigate(next, { replace: true });
    },
  });
  const current = me.data?.customer;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signIn.mutate({ customerId: customerId.trim(), password, email: email.trim() || undefined });
  }

  /** One click: the demo account's id and password in the form, and signed in. */
  function signInAs(account: { customerId: string; password: string }) {
    setCustomerId(account.customerId);
    setPassword(account.password);
    signIn.mutate(account);
  }

  return (
    <>
      <PageHeader eyebrow={text.accountEyebrow} title={text.signIn}>
        {current ? (
          <p>
            {text.signedInAs} <strong>{current.customerId}</strong>
            {text.pickAnotherCustomer}
          </p>
        ) : (
          <p>{text.signInLede}</p>
        )}
      </PageHeader>

      {ended && !current ? (
        <div className="sign-in-reason">
          <Notice tone="warning" title={text.signedOutTitle}>
            {text.signedOutReasons[ended]}
          </Notice>
        </div>
      ) : null}

      <div className="sign-in-layout">
        <section className="panel" aria-labelledby="sign-in-form-title">
          <h2 id="sign-in-form-title">{text.yourAccount}</h2>
          <form className="form" onSubmit={onSubmit}>
            <label className="field">
              <span className="field-label">{text.customerId}</span>
              <input
                className="input"
                name="customerId"
                autoComplete="username"
                placeholder={text.customerIdExample('alex.rivera')}
                required
                maxLength={64}
                value={customerId}
                onChange={(event) => setCustomerId(event.target.value)}
              />
              <span className="field-hint">{text.customerIdHint}</span>
            </label>
            <label className="field">
              <span className="field-label">{text.password}</span>
              <input
                className="input"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                minLength={8}
                maxLength={200}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <span className="field-hint">{text.passwordHint}</span>
            </label>
            <label className="field">
              <span className="field-label">
                {text.email} <span className="optional">{text.optional}</span>
              </span>
              <input
                className="input"
                name="email"
                type="email"
                autoComplete="email"
                placeholder={text.emailPlaceholder}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </label>
            {signIn.error ? (
              <Notice tone="danger" title={text.couldNotSignIn}>
                {signIn.error instanceof ApiError ? signIn.error.message : text.pleaseTryAgain}
              </Notice>
            ) : null}
            <button type="submit" className="button button--block" disabled={signIn.isPending}>
              {signIn.isPending && signIn.variables?.customerId === customerId.trim()
                ? text.signingIn
                : text.signIn}
            </button>
          </form>
          <p className="fine-print">
            {text.signInFinePrint.beforeSignUp} <code>SignUp</code>{' '}
            {text.signInFinePrint.beforeSignIn} <code>SignIn</code> {text.signInFinePrint.end}
          </p>
        </section>

        {/* A sandbox tool, in English on every page: marked so for screen readers and layout. */}
        <section className="personas" aria-labelledby="personas-title" lang="en" dir="ltr">
          <h2 id="personas-title">Test personas</h2>
          <p className="section-lede">
            Each id starts with a sandbox magic prefix, so one click shows you another state of the
            checkout. Their passwords are shown: they are demo accounts.
          </p>
          <ul className="persona-list">
            {[
              ...PERSONAS,
              { ...STAFF, outcome: 'Opens the merchant page.', tone: 'info' as const },
            ].map((persona) => {
              const busy = signIn.isPending && signIn.variables?.customerId === persona.customerId;
              const active = current?.customerId === persona.customerId;
              return (
                <li key={persona.customerId} className={`persona persona--${persona.tone}`}>
                  <div className="persona-text">
                    <p className="persona-name">
                      {persona.name}
                      {active ? <span className="badge badge--muted">Signed in</span> : null}
                    </p>
                    <p className="persona-outcome">{persona.outcome}</p>
                    <code className="persona-id">{persona.customerId}</code>{' '}
                    <span className="persona-password">
                      password <code>{persona.password}</code>
                    </span>
                  </div>
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    disabled={signIn.isPending}
                    aria-label={`Sign in as ${persona.name}`}
                    onClick={() => signInAs(persona)}
                  >
                    {busy ? 'Signing in…' : 'Sign in'}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </>
  );
}
