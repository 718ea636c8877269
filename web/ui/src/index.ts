/**
 * The design system: tokens (CSS custom properties, dark and light) and components. Browser micro-apps
 * import it through the import map as one shared module, "@parlay/ui/index.ts".
 */
import './tokens.css';
import './base.css';

export { Button, type ButtonProps, type ButtonVariant } from './Button.tsx';
export { Card, type CardProps } from './Card.tsx';
export { Field, type FieldProps } from './Field.tsx';
export { Figures } from './Figures.tsx';
export { FilePicker, type FilePickerProps } from './FilePicker.tsx';
export {
  CheckField,
  CodeField,
  EmailField,
  Message,
  ModeSwitch,
  Row,
  SelectField,
  TextField,
} from './forms/fields.tsx';
export { Heading, type HeadingProps } from './Heading.tsx';
export { Link, NavLink, type NavLinkProps } from './Link.tsx';
export { LockIcon } from './LockIcon.tsx';
export { MarketCard, type MarketCardProps } from './MarketCard.tsx';
export {
  ODDS_MOVE_MS,
  OddsButton,
  type OddsButtonProps,
  type OddsMove,
  OddsPlaceholder,
} from './OddsButton.tsx';
export {
  Breadcrumbs,
  type BreadcrumbsProps,
  type Crumb,
  EmptyState,
  type EmptyStateProps,
  PageFrame,
  type PageFrameProps,
} from './PageFrame.tsx';
export { Skeleton, type SkeletonProps } from './Skeleton.tsx';
export { SPORT_ICON_SLUGS, SportIcon, type SportIconProps } from './SportIcon.tsx';
export { Table } from './Table.tsx';
export { type TabItem, Tabs, type TabsProps } from './Tabs.tsx';
export { VisuallyHidden } from './VisuallyHidden.tsx';
