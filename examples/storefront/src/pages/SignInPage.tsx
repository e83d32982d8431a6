import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError, queryKeys, useMe } from '../api.js';
import { Notice, PageHeader } from '../components/ui.js';
import { PERSONAS } from '../personas.js';
import { navigate } from '../router.js';

export function SignInPage({ next }: { next: string }) {
  const queryClient = useQueryClient();
  const me = useMe();
  const [customerId, setCustomerId] = useState('');
  const [email, setEmail] = useState('');
  const signIn = useMutation({
    mutationFn: (input: { customerId: string; email?: string }) =>
      api.signIn(input.customerId, input.email),
    onSuccess: async (result) => {
      queryClient.setQueryData(queryKeys.me, { customer: result.customer });
      queryClient.removeQueries({ queryKey: queryKeys.orders });
      navigate(next, { replace: true });
    },
  });
  const current = me.data?.customer;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signIn.mutate({ customerId: customerId.trim(), email: email.trim() || undefined });
  }

  return (
    <>
      <PageHeader eyebrow="Account" title="Sign in">
        {current ? (
          <p>
            You are signed in as <strong>{current.customerId}</strong>. Pick another customer to
            switch.
          </p>
        ) : (
          <p>Sign in with any customer id, or try one of the sandbox&apos;s test personas.</p>
        )}
      </PageHeader>

      <div className="sign-in-layout">
        <section className="panel" aria-labelledby="sign-in-form-title">
          <h2 id="sign-in-form-title">Your account</h2>
          <form className="form" onSubmit={onSubmit}>
            <label className="field">
              <span className="field-label">Customer id</span>
              <input
                className="input"
                name="customerId"
                autoComplete="username"
                placeholder="for example alex.rivera"
                required
                maxLength={64}
                value={customerId}
                onChange={(event) => setCustomerId(event.target.value)}
              />
              <span className="field-hint">
                Your shop&apos;s own id for the customer: a username, a UUID, anything.
              </span>
            </label>
            <label className="field">
              <span className="field-label">
                E-mail <span className="optional">optional</span>
              </span>
              <input
                className="input"
                name="email"
                type="email"
                autoComplete="email"
                placeholder="receipts go here"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </label>
            {signIn.error ? (
              <Notice tone="danger" title="Could not sign in">
                {signIn.error instanceof ApiError ? signIn.error.message : 'Please try again.'}
              </Notice>
            ) : null}
            <button type="submit" className="button button--block" disabled={signIn.isPending}>
              {signIn.isPending && signIn.variables?.customerId === customerId.trim()
                ? 'Signing in…'
                : 'Sign in'}
            </button>
          </form>
          <p className="fine-print">
            The shop&apos;s server keeps your customer id in an httpOnly cookie and tells the
            payments service about you with a <code>SignUp</code> payer event the first time and{' '}
            <code>SignIn</code> after that.
          </p>
        </section>

        <section className="personas" aria-labelledby="personas-title">
          <h2 id="personas-title">Test personas</h2>
          <p className="section-lede">
            Each id starts with a sandbox magic prefix, so one click shows you another state of the
            checkout.
          </p>
          <ul className="persona-list">
            {PERSONAS.map((persona) => {
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
                    <code className="persona-id">{persona.customerId}</code>
                  </div>
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    disabled={signIn.isPending}
                    aria-label={`Sign in as ${persona.name}`}
                    onClick={() => signIn.mutate({ customerId: persona.customerId })}
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
