/** Exposed as `account/LoginDialog` (opened by the shell's Log In button): login, sign-up and verification. */
import '../app/styles.css';
import type { LoginDialogProps } from '@marketplace/ui';
import type { ComponentType } from 'react';
import { AuthDialog } from '../features/auth/AuthDialog';

const LoginDialog: ComponentType<LoginDialogProps> = AuthDialog;
export default LoginDialog;
