/**
 * Exposed as `account/TestDriveModal` ('Book a Test Drive'). Opened through `openTestDriveBooking(carId)`
 * from `@marketplace/ui`; the shell's TestDriveModalHost mounts it.
 */
import '../app/styles.css';
import type { TestDriveModalProps } from '@marketplace/ui';
import type { ComponentType } from 'react';
import { TestDriveModal as Modal } from '../features/test-drive/TestDriveModal';

const TestDriveModal: ComponentType<TestDriveModalProps> = Modal;
export default TestDriveModal;
