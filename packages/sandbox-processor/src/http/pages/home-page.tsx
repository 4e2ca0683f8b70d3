import {
  ACH_TEST_ACCOUNTS,
  ACH_TEST_BANK_CODE,
  DECLINING_AMOUNTS,
  DECLINING_CARDS,
  DISPUTED_AMOUNT,
  ONBOARDING_OUTCOMES,
  REJECTED_EVIDENCE_NAME,
  REUSABLE_TEST_TOKEN,
  SUCCESS_CARDS,
} from "../../core/test-data";
import { Layout } from "./layout";

/** The sandbox's front page: where its pages are and which test inputs do what. */
export function HomePage() {
  return (
    <Layout title="Sandbox">
      <h1 id="page-title">Built-in sandbox processor</h1>
      <p>
        REST API at <code>/sandbox/processor</code> (HTTP Basic with the processor credentials, <code>Finix-Version: 2022-02-01</code>),{" "}
        <a href="/sandbox/checkout">example checkout</a>, tokenization script <a href="/sandbox/finix.js">/sandbox/finix.js</a>, controls
        under <code>/sandbox/control</code>.
      </p>
      <h2>Test inputs</h2>
      <table id="test-data">
        <thead>
          <tr>
            <th>Input</th>
            <th>Outcome</th>
          </tr>
        </thead>
        <tbody>
          {SUCCESS_CARDS.map((card) => (
            <tr>
              <td>
                <code>{card.number}</code>
              </td>
              <td>{card.brand} card sale SUCCEEDED</td>
            </tr>
          ))}
          <tr>
            <td>
              token <code>{REUSABLE_TEST_TOKEN.id}</code>
            </td>
            <td>
              reusable by any identity: a {REUSABLE_TEST_TOKEN.card.number} card instrument each time (sandbox only; the processor refuses
              it)
            </td>
          </tr>
          {Object.entries(DECLINING_CARDS).map(([number, reason]) => (
            <tr>
              <td>
                <code>{number}</code>
              </td>
              <td>declined (402) {reason.code}</td>
            </tr>
          ))}
          {Object.entries(DECLINING_AMOUNTS).map(([amount, reason]) => (
            <tr>
              <td>amount {amount}</td>
              <td>declined {reason.code}</td>
            </tr>
          ))}
          <tr>
            <td>amount {DISPUTED_AMOUNT}</td>
            <td>SUCCEEDED, then a dispute opens</td>
          </tr>
          <tr>
            <td>
              evidence file named <code>{REJECTED_EVIDENCE_NAME}…</code>
            </td>
            <td>accepted (PENDING), then FAILED at review</td>
          </tr>
          {Object.entries(ACH_TEST_ACCOUNTS).map(([account, behaviour]) => (
            <tr>
              <td>
                <code>
                  {ACH_TEST_BANK_CODE} / {account}
                </code>
              </td>
              <td>
                ACH {behaviour.outcome === "failed" ? "PENDING → FAILED" : "PENDING → SUCCEEDED → FAILED (returned)"} {behaviour.code}
              </td>
            </tr>
          ))}
          {Object.entries(ONBOARDING_OUTCOMES).map(([name, outcome]) => (
            <tr>
              <td>business name “{name}”</td>
              <td>merchant {outcome}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Layout>
  );
}
