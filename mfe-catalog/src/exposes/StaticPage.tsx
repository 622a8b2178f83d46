/** Exposed as `catalog/StaticPage` (routes `/faq`, `/about`, `/contact`, `/t&c`). */
import '../app/styles.css';
import type { StaticPageProps } from '@marketplace/ui';
import type { ComponentType } from 'react';
import { StaticPageScreen } from '../features/static-pages/StaticPageScreen';

const StaticPage: ComponentType<StaticPageProps> = StaticPageScreen;
export default StaticPage;
