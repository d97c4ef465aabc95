"""After the deal at the table: the record files, the replay, the review's judgements, High on the same cards,
find it yourself first, and practice from a move; and the review as a panel of its own."""
