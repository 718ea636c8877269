/** The right column's bet slip area (a bottom sheet on mobile): the full bet slip of coupon/. */
import { BetSlip } from './coupon/BetSlip.tsx';
import type { BetSlipModel } from './coupon/use-bet-slip.ts';

export function BetSlipPanel({
  model,
  onClose,
  onHide,
}: {
  model: BetSlipModel;
  onClose?: (() => void) | undefined;
  onHide?: (() => void) | undefined;
}) {
  return <BetSlip model={model} onClose={onClose} onHide={onHide} />;
}
