/**
 * Dashboard home (spec §2): four stat cards. Instead of the spec's hard-coded figures (issue 12) they are
 * read from the services: cars listed (`GET /api/cars` totalLength), test drives booked
 * (`GET /api/testDrive/admin`), brands (`GET /api/carbrand`) and users (`GET /api/account/getAllUser`).
 */

import { formatIndianNumber } from '@marketplace/ui';
import { Link } from '@marketplace/ui/router';
import { type ReactNode, useEffect, useState } from 'react';
import { type DashboardStats, fetchStats } from '../../api/stats';
import { ScreenHeader } from '../../components/ScreenHeader';
import { StrokeIcon } from '../../components/StrokeIcon';

type Stats = { [K in keyof DashboardStats]: number | null };

const cards: Array<{ key: keyof DashboardStats; label: string; icon: ReactNode; to?: string }> = [
  {
    key: 'cars',
    label: 'Total cars listed',
    icon: (
      <StrokeIcon d="M3 13l2-5a2 2 0 0 1 1.9-1.4h10.2A2 2 0 0 1 19 8l2 5v4h-2m-14 0H3v-4m2 4a2 2 0 1 0 4 0m6 0a2 2 0 1 0 4 0M3 13h18" />
    ),
  },
  {
    key: 'testDrives',
    label: 'Test drives booked',
    icon: (
      <StrokeIcon d="M8 3v3m8-3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z" />
    ),
  },
  {
    key: 'brands',
    label: 'Brands',
    icon: (
      <StrokeIcon d="M7 7h.01M3 11V4a1 1 0 0 1 1-1h7l9.3 9.3a1 1 0 0 1 0 1.4l-7 7a1 1 0 0 1-1.4 0L3 11Z" />
    ),
    to: 'cars/brand',
  },
  {
    key: 'users',
    label: 'Users',
    icon: (
      <StrokeIcon d="M16 19v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1m20 0v-1a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8M13 7a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z" />
    ),
    to: 'users',
  },
];

/** The four stat cards; a figure that could not be loaded shows a dash. */
export function Overview() {
  const [stats, setStats] = useState<Stats | null>(null);
  useEffect(() => {
    let live = true;
    void fetchStats().then((s) => {
      if (live) setStats(s);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <>
      <ScreenHeader title="Dashboard" />
      <ul className="adm:grid adm:gap-4 adm:sm:grid-cols-2 adm:xl:grid-cols-4">
        {cards.map((c) => {
          const value = stats?.[c.key];
          const body = (
            <>
              <span className="adm:flex adm:size-11 adm:items-center adm:justify-center adm:rounded-full adm:bg-brand-50 adm:text-brand-700 adm:dark:bg-slate-800 adm:dark:text-brand-200">
                {c.icon}
              </span>
              <span
                className="adm:mt-4 adm:block adm:text-2xl adm:font-bold adm:text-slate-900 adm:dark:text-white"
                data-testid={`stat-${c.key}`}
              >
                {stats === null
                  ? '…'
                  : value === null || value === undefined
                    ? '—'
                    : formatIndianNumber(value)}
              </span>
              <span className="adm:mt-1 adm:block adm:text-sm adm:text-slate-600 adm:dark:text-slate-400">
                {c.label}
              </span>
            </>
          );
          return (
            <li
              key={c.key}
              className="adm:rounded-xl adm:bg-white adm:p-6 adm:shadow-sm adm:dark:bg-slate-900"
            >
              {c.to ? (
                <Link
                  to={c.to}
                  className="adm:block adm:rounded-lg adm:focus-visible:outline-2 adm:focus-visible:outline-brand-600"
                >
                  {body}
                </Link>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
