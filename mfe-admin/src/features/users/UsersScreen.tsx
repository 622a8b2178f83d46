/**
 * /dashboard/users (spec §2 "Users", §5 "Add user"): 'Add New User', role filter ('Choose a User', Admin,
 * User), columns No., Name, email, Mobile No., Action (delete only); the add-user form replaces the list
 * and its close icon returns to it.
 */

import type { Role, User } from '@marketplace/contracts';
import { SelectField, TextField, useAuthStore } from '@marketplace/ui';
import { useState } from 'react';
import { createUser, deleteUser, fetchUsers } from '../../api/users';
import { FormCard } from '../../components/FormCard';
import { type FormProps, ListScreen } from '../../components/ListScreen';
import { RowActions } from '../../components/RowActions';
import { useCrudScreen } from '../../lib/crud-screen';
import { matchText } from '../../lib/match-text';
import { useSave } from '../../lib/use-save';
import { ROLES } from '../../lib/vocabulary';

const matchUser = matchText<User>((u) => [u.name, u.email, u.phone_number, u.username]);

/** User list or the add-user form. */
export function UsersScreen() {
  const me = useAuthStore((s) => s.user);
  const [role, setRole] = useState('');
  const users = useCrudScreen({
    load: () => fetchUsers(role),
    filters: [role],
    match: matchUser,
    remove: deleteUser,
  });

  return (
    <ListScreen
      title="Users"
      addLabel="Add New User"
      screen={users}
      form={(props) => <AddUserForm {...props} />}
      filters={
        <SelectField
          label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value)}
          placeholder="Choose a User"
          options={[
            { value: 'Admin', label: 'Admin' },
            { value: 'User', label: 'User' },
          ]}
        />
      }
      empty="No users."
      columns={[
        {
          header: 'Name',
          cell: (u) => (
            <span>
              <span className="adm:font-medium">{u.name}</span>
              {u.role === 'Admin' ? (
                <span className="adm:ml-2 adm:rounded-full adm:bg-slate-900 adm:px-2 adm:py-0.5 adm:text-xs adm:text-white adm:dark:bg-slate-700">
                  Admin
                </span>
              ) : null}
            </span>
          ),
        },
        { header: 'Email', cell: (u) => u.email },
        { header: 'Mobile No.', cell: (u) => u.phone_number ?? '—' },
        {
          header: 'Action',
          cell: (u) =>
            u._id === me?._id ? (
              <span className="adm:text-xs adm:text-slate-500">You</span>
            ) : (
              <RowActions name={u.email} onDelete={() => users.askDelete(u._id)} />
            ),
        },
      ]}
    />
  );
}

function AddUserForm({ onClose, onSaved }: FormProps<User>) {
  const [form, setForm] = useState({ name: '', username: '', email: '', password: '', phone_number: '' });
  const [role, setRole] = useState<Role>('User');
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));
  // A refused user shows the server's message (spec §5), toasted by the API client.
  const { busy, onSubmit } = useSave(() => {
    const phone = form.phone_number.trim();
    return createUser({
      name: form.name.trim(),
      username: form.username.trim(),
      email: form.email.trim(),
      password: form.password,
      role,
      ...(phone ? { phone_number: phone } : {}),
    });
  }, onSaved);

  return (
    <FormCard noun="User" editing={false} onClose={onClose} onSubmit={onSubmit} busy={busy}>
      <TextField label="Name" required autoComplete="off" value={form.name} onChange={set('name')} />
      <TextField
        label="Username"
        required
        autoComplete="off"
        value={form.username}
        onChange={set('username')}
      />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="off"
        value={form.email}
        onChange={set('email')}
      />
      <TextField
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
      />
      <SelectField
        label="Role"
        required
        value={role}
        onChange={(e) => setRole(e.target.value as Role)}
        options={ROLES.map((r) => ({ value: r, label: r }))}
      />
      <TextField
        label="Phone Number (optional)"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        value={form.phone_number}
        onChange={set('phone_number')}
      />
    </FormCard>
  );
}
