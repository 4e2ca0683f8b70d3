import type { Child, FC } from "hono/jsx";

import { formatTime } from "../format";

/** `debit`: money that left the merchant's bank as it should (a settled debit), neither good news nor a fault. */
export type Tone = "good" | "bad" | "warn" | "neutral" | "debit";

export const Badge: FC<{ tone: Tone; children: Child }> = ({ tone, children }) => <span class={`badge ${tone}`}>{children}</span>;

export const Time: FC<{ iso: string | null | undefined }> = ({ iso }) => (iso ? <time datetime={iso}>{formatTime(iso)}</time> : <>—</>);

/** A record's id, linking to its page in the dashboard. */
export const RecordLink: FC<{ section: "payments" | "payouts" | "disputes"; id: string }> = ({ section, id }) => (
  <a class="mono" href={`/dashboard/${section}/${id}`}>
    {id}
  </a>
);

export const EmptyState: FC<{ title: string; children?: Child }> = ({ title, children }) => (
  <div class="empty">
    <p class="empty-title">{title}</p>
    {children ? <p>{children}</p> : null}
  </div>
);
