/** The right column's bet slip area (a bottom sheet on mobile): the full bet slip of coupon/. */
export { BetSlip as BetSlipPanel } from './coupon/BetSlip.tsx';
