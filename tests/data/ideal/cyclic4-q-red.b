x,y,z,w
0
x^5*y - 2*z,
(x + y + z + w)*(x - 1),
w^7 + 1/2*x*y
