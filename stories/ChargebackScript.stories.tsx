import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn } from 'storybook/test';
import {
  ChargebackScript,
  ENVS,
  ScriptLoadError,
  useDeviceId,
  type ChargebackScriptProps,
} from '../src/index.js';
import { BASE_URL, withSandbox } from './support/sandbox.js';
import { elementSnippet } from './support/snippets.js';
import './support/panel.css';

/** What the page knows about its device id, through `useDeviceId()` with the same options. */
function DeviceIdPanel(props: ChargebackScriptProps & { theme?: 'light' | 'dark' }) {
  const { theme, onReady: _onReady, onError: _onError, ...options } = props;
  const device = useDeviceId(options);
  return (
    <section className="sb-panel" data-theme={theme} aria-labelledby="device-panel-title">
      <h2 id="device-panel-title" className="sb-panel-title">
        Device check
      </h2>
      <p>
        <code>status</code> <span data-testid="status">{device.status}</span>
      </p>
      {device.status === 'ready' ? (
        <p>
          <code>deviceId</code> <span data-testid="device-id">{device.deviceId}</span>
        </p>
      ) : null}
      {device.status === 'error' ? (
        <div role="alert">
          <p className="sb-panel-note">{device.error.message}</p>
          <button type="button" className="sb-panel-button" onClick={device.retry}>
            Retry
          </button>
        </div>
      ) : null}
      <p className="sb-panel-note">
        <code>&lt;ChargebackScript&gt;</code> renders nothing; this panel shows{' '}
        <code>useDeviceId()</code>.
      </p>
    </section>
  );
}

/**
 * Loads the chargeback-protection device script once per page and learns the device id, which
 * `<Checkout>` then sends as `x-device-id`. Render it in your root layout. Here the sandbox
 * serves its stand-in script at `/chargeback/device.js`.
 */
const meta = {
  title: 'ChargebackScript',
  component: ChargebackScript,
  tags: ['autodocs'],
  loaders: [withSandbox],
  parameters: {
    sandbox: { customerId: 'customer_ada' },
    docs: {
      story: { inline: false, height: '440px' },
      source: {
        transform: (_code: string, { args }: { args: Record<string, unknown> }) =>
          elementSnippet('ChargebackScript', { ...args, theme: undefined }),
      },
    },
  },
  args: { env: 'local', onReady: fn(), onError: fn() },
  argTypes: {
    env: { control: 'inline-radio', options: ENVS },
    src: { control: 'text' },
    baseUrl: { control: 'text' },
    nonce: { control: 'text' },
    timeoutMs: { control: { type: 'number', min: 100, step: 500 } },
    readDeviceId: { control: false },
    onReady: { table: { category: 'Events' } },
    onError: { table: { category: 'Events' } },
  },
  render: ({ theme, ...args }: ChargebackScriptProps & { theme?: 'light' | 'dark' }) => (
    <>
      <ChargebackScript {...args} />
      <DeviceIdPanel {...args} theme={theme} />
    </>
  ),
} satisfies Meta<typeof ChargebackScript>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The script loads and reports the browser's device id. */
export const Ready: Story = {
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByTestId('device-id')).toHaveTextContent(/^sandbox-device-/);
    await expect(args.onReady).toHaveBeenCalledOnce();
    await expect(args.onReady).toHaveBeenCalledWith(expect.stringMatching(/^sandbox-device-/));
  },
};

/** A content blocker stops the script: `onError` gets a `ScriptLoadError`, and retry is offered. */
export const Blocked: Story = {
  beforeEach: ({ msw }) => {
    msw.use(http.get(`${BASE_URL}/chargeback/device.js`, () => HttpResponse.error()));
  },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('button', { name: 'Retry' })).toBeEnabled();
    await expect(canvas.getByTestId('status')).toHaveTextContent('error');
    await expect(args.onError).toHaveBeenCalledWith(expect.any(ScriptLoadError));
  },
};
