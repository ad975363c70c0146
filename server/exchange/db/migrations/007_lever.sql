-- 007: leveraged contracts (docs/decisions/013-lever.md).

-- One row per lever order: a pending fixed-price order (status 0), an open position (1), closing (2, inside the
-- closing transaction only), closed (3) or cancelled (4). Money columns are decimal strings.
CREATE TABLE lever_orders (
  id                   INTEGER PRIMARY KEY,
  user_id              INTEGER NOT NULL REFERENCES users(id),
  currency_match_id    INTEGER NOT NULL REFERENCES currency_matches(id),
  currency_id          INTEGER NOT NULL REFERENCES currencies(id), -- the lever account's currency (the quote)
  type                 INTEGER NOT NULL CHECK (type IN (1, 2)),   -- 1 long, 2 short
  status               INTEGER NOT NULL CHECK (status IN (0, 1, 2, 3, 4)),
  share                INTEGER NOT NULL,
  multiple             INTEGER NOT NULL,
  number               TEXT NOT NULL,           -- share x lever_share_num
  price                TEXT NOT NULL,           -- open price (with the point spread)
  origin_price         TEXT NOT NULL,           -- market price at placing, or the target price of a pending order
  update_price         TEXT NOT NULL,           -- last marked price; the close price once closed
  target_profit_price  TEXT NOT NULL DEFAULT '0',
  stop_loss_price      TEXT NOT NULL DEFAULT '0',
  caution_money        TEXT NOT NULL,           -- margin held now
  origin_caution_money TEXT NOT NULL,           -- margin at opening
  trade_fee            TEXT NOT NULL,
  overnight_money      TEXT NOT NULL DEFAULT '0',
  profits              TEXT NOT NULL DEFAULT '0', -- realized profit/loss once closed
  absorbed             TEXT NOT NULL DEFAULT '0', -- loss beyond margin and balance, absorbed by the counterparty
  close_reason         TEXT,                    -- close, batch, take_profit, stop_loss, liquidation, cancel
  created_at           INTEGER NOT NULL,
  opened_at            INTEGER,
  closed_at            INTEGER,
  next_overnight_at    INTEGER                  -- the next 00:00 UTC an open position is charged at
);
CREATE INDEX lever_orders_user_status ON lever_orders (user_id, status, id);
CREATE INDEX lever_orders_live ON lever_orders (status, currency_match_id) WHERE status IN (0, 1);
CREATE INDEX lever_orders_overnight ON lever_orders (next_overnight_at) WHERE status = 1;
