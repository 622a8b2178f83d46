/**
 * /dashboard/users (spec §2 "Users", §5 "Add user"): 'Add New User', role filter ('Choose a User', Admin,
 * User), columns No., Name, email, Mobile No., Action (delete only); the add-user form replaces the list
 * and its close icon returns to it.
 */
import { Button, SelectField, Table, TextField, useAuthStore } from '@marketplace/ui';
import { type FormEvent, useState } from 'react';
import { createUser, deleteUser, fetchUsers, ROLES, type Role, type User } from '../shared/api';
import {
  Card,
  FormHeader,
  Loading,
  matchText,
  type Numbered,
  noColumn,
  notifySuccess,
  numbered,
  RowActions,
  ScreenHeader,
  useConfirmDelete,
  useList,
  usePaged,
} from '../shared/ui';

const matchUser = matchText<User>((u) => [u.name, u.email, u.phone_number, u.username]);

/** User list or the add-user form. */
export function UsersScreen() {
  const me = useAuthStore((s) => s.user);
  const [role, setRole] = useState('');
  const users = useList(() => fetchUsers(role), [role]);
  const { slice, offset, pager, searchBox } = usePaged(users.rows, role, matchUser);
  const [adding, setAdding] = useState(false);
  const remove = useConfirmDelete(deleteUser, users.reload);

  if (adding) {
    return (
      <AddUserForm
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          users.reload();
        }}
      />
    );
  }
  return (
    <>
      <ScreenHeader title="Users">
        <Button onClick={() => setAdding(true)}>Add New User</Button>
      </ScreenHeader>
      <Card>
        <div className="adm:mb-4 adm:grid adm:gap-3 adm:sm:grid-cols-2 adm:lg:max-w-2xl">
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
          {searchBox}
        </div>
        {users.loading ? (
          <Loading />
        ) : (
          <>
            <Table<Numbered<User>>
              numbered={false}
              rows={numbered(slice, offset)}
              rowKey={(r) => r.item._id}
              empty="No users."
              columns={[
                noColumn,
                {
                  header: 'Name',
                  cell: (r) => (
                    <span>
                      <span className="adm:font-medium">{r.item.name}</span>
                      {r.item.role === 'Admin' ? (
                        <span className="adm:ml-2 adm:rounded-full adm:bg-slate-900 adm:px-2 adm:py-0.5 adm:text-xs adm:text-white adm:dark:bg-slate-700">
                          Admin
                        </span>
                      ) : null}
                    </span>
                  ),
                },
                { header: 'Email', cell: (r) => r.item.email },
                { header: 'Mobile No.', cell: (r) => r.item.phone_number ?? '—' },
                {
                  header: 'Action',
                  cell: (r) =>
                    r.item._id === me?._id ? (
                      <span className="adm:text-xs adm:text-slate-500">You</span>
                    ) : (
                      <RowActions name={r.item.email} onDelete={() => remove.ask(r.item._id)} />
                    ),
                },
              ]}
            />
            {pager}
          </>
        )}
      </Card>
      {remove.dialog}
    </>
  );
}

function AddUserForm({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const [form, setForm] = useState({ name: '', username: '', email: '', password: '', phone_number: '' });
  const [role, setRole] = useState<Role>('User');
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const phone = form.phone_number.trim();
      notifySuccess(
        await createUser({
          name: form.name.trim(),
          username: form.username.trim(),
          email: form.email.trim(),
          password: form.password,
          role,
          ...(phone ? { phone_number: phone } : {}),
        }),
      );
      onSaved();
    } catch {
      // the API client showed the server's message (spec §5: the server's messages are displayed)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="adm:max-w-3xl">
      <FormHeader title="Add New User" onClose={onClose} />
      <form onSubmit={(e) => void submit(e)} className="adm:grid adm:gap-4 adm:sm:grid-cols-2">
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
        <div className="adm:flex adm:justify-end adm:gap-3 adm:sm:col-span-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Submit
          </Button>
        </div>
      </form>
    </Card>
  );
}
