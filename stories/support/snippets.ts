// The code a merchant would write for a story, shown in the docs' "Show code" panel: the
// provider with a session key from their server, instead of the stories' sandbox plumbing.

/** `name="text"` or `name={value}` for each set prop, callbacks as placeholders. */
function jsxProps(props: Record<string, unknown>, indent: string): string {
  return Object.entries(props)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      if (typeof value === 'function') return `${indent}${name}={${placeholder(name)}}`;
      if (typeof value === 'string') return `${indent}${name}=${JSON.stringify(value)}`;
      const json = JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
      return `${indent}${name}={${json}}`;
    })
    .join('\n');
}

function placeholder(name: string): string {
  if (name === 'onSuccess') return '({ paymentId }) => showReceipt(paymentId)';
  if (name === 'onError') return '(error) => report(error.kind, error.message)';
  if (name === 'onReady') return '(deviceId) => console.info(deviceId)';
  return name;
}

export function providerSnippet(children: string, provider: Record<string, unknown> = {}): string {
  const props = jsxProps(
    {
      sessionKey: '{sessionKey}',
      merchantId: 'merchant_sandbox',
      env: 'local',
      merchantName: 'Northwind Games',
      merchantContact: 'support@northwind.example',
      ...provider,
    },
    '  ',
  ).replace('sessionKey="{sessionKey}"', 'sessionKey={sessionKey}');
  const body = children
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  return `<CheckoutProvider\n${props}\n>\n${body}\n</CheckoutProvider>`;
}

export function elementSnippet(name: string, props: Record<string, unknown>): string {
  const lines = jsxProps(props, '  ');
  return lines ? `<${name}\n${lines}\n/>` : `<${name} />`;
}
