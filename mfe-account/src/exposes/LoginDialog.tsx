/** Exposed as `account/LoginDialog` (opened by the shell's Log In button). */
import '../app/styles.css';
import type { LoginDialogProps } from '@marketplace/ui';
import type { ComponentType } from 'react';
import { LoginDialog as Dialog } from '../features/login/LoginDialog';

const LoginDialog: ComponentType<LoginDialogProps> = Dialog;
export default LoginDialog;
