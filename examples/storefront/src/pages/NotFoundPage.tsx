import { EmptyState, usePageTitle } from '../components/ui.js';
import { useLanguage } from '../language.js';

export function NotFoundPage() {
  const { text } = useLanguage();
  usePageTitle(text.notFound);
  return (
    <EmptyState title={text.pageWanderedOff} action={{ to: '/', label: text.backToTheStore }}>
      {text.nothingAtAddress}
    </EmptyState>
  );
}
