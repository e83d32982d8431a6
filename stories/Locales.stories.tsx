import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Checkout } from '../src/index.js';
import { checkoutDocs, renderCheckout, seasonPass } from './support/checkout-story.js';
import { withSandbox } from './support/sandbox.js';

/**
 * The checkout in the payer's language: `locale` on the provider (or on one checkout) is a BCP 47
 * tag or `"auto"`, the browser's languages. Right-to-left languages mirror the whole checkout;
 * amounts and account digits keep their own direction. The pseudo-locales `en-XA` (accented, 40 %
 * longer) and `ar-XB` (right to left) are made from English to test a layout. Every story in this
 * Storybook takes the toolbar's Locale.
 */
const meta = {
  title: 'Locales',
  component: Checkout,
  loaders: [withSandbox],
  parameters: {
    sandbox: { customerId: 'customer_noor' },
    docs: checkoutDocs,
  },
  args: { ...seasonPass('noor@example.com') },
  render: renderCheckout,
} satisfies Meta<typeof Checkout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Where an element's box starts and ends on the page. */
const box = (element: Element) => element.getBoundingClientRect();

/**
 * Arabic, right to left: the whole checkout mirrors (the item's name on the right, its price on
 * the left), the English authorization is offered beside the Arabic one, and the payer pays.
 */
export const Arabic: Story = {
  args: { locale: 'ar' },
  play: async ({ canvas, userEvent, args }) => {
    const checkout = await canvas.findByRole('region', { name: 'الدفع' });
    await expect(checkout).toHaveAttribute('dir', 'rtl');
    const pay = await canvas.findByRole('button', { name: /^ادفع / });
    const item = checkout.querySelector('.sc-item-name')!;
    const price = checkout.querySelector('.sc-item-price')!;
    await expect(box(item).left).toBeGreaterThan(box(price).right);
    // The account's digits still read left to right.
    await expect(checkout.querySelector('.sc-account-last4')).toHaveAttribute('dir', 'ltr');
    const english = within(checkout).getByText('نص التفويض باللغة الإنجليزية');
    await expect(english.closest('details')?.querySelector('[lang="en"]')).toHaveTextContent(
      /^By selecting/,
    );

    await userEvent.click(pay);
    await expect(await canvas.findByText('أُرسلت الدفعة')).toBeVisible();
    await expect(args.onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ authorization: expect.objectContaining({ locale: 'ar' }) }),
    );
  },
};

/**
 * The accented pseudo-locale: every word the checkout writes is accented and about 40 % longer,
 * in brackets, so a word left out of the catalogue, or one that does not fit, shows at once.
 */
export const PseudoAccented: Story = {
  args: { locale: 'en-XA' },
  play: async ({ canvas, userEvent }) => {
    const pay = await canvas.findByRole('button', { name: /^\[Þåý \$49\.99 [^\]]+\]$/ });
    const checkout = canvas.getByRole('region', { name: /^\[Çĥéçķöûţ/ });
    // Longer words, and still nothing wider than the box.
    await expect(checkout.scrollWidth).toBeLessThanOrEqual(checkout.clientWidth);
    await userEvent.click(pay);
    await expect(await canvas.findByText(/^\[Þåýɱéñţ šûƀɱîţţéđ/)).toBeVisible();
  },
};

/** The right-to-left pseudo-locale: English written right to left, so a layout that does not mirror shows. */
export const PseudoRightToLeft: Story = {
  args: { locale: 'ar-XB' },
  play: async ({ canvas }) => {
    const checkout = await canvas.findByRole('region', { name: /Checkout/ });
    await expect(checkout).toHaveAttribute('dir', 'rtl');
    await canvas.findByRole('button', { name: /Pay/ });
    // The heading's words start at the right.
    const words = document.createRange();
    words.selectNodeContents(checkout.querySelector('.sc-title')!);
    const heading = words.getBoundingClientRect();
    await expect(box(checkout).right - heading.right).toBeLessThan(
      heading.left - box(checkout).left,
    );
  },
};
